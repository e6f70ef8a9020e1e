import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SWRConfig } from "swr";
import { swrConfig } from "./api/swr-config";
import { App } from "./App";
import { ToastProvider } from "./ui/toast/ToastProvider";
import { discardUnparsableStoredUser } from "./session/stored-user";
import { preloadScreens } from "./screen-routes";

discardUnparsableStoredUser();
preloadScreens(window.location.pathname);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

createRoot(rootElement).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <ToastProvider>
        <App />
      </ToastProvider>
    </SWRConfig>
  </StrictMode>,
);
