import { testServer } from "../../src/testing/test-server.ts";

/** The app on a temporary database, as the tests drive it, with an administrator signed in: requests carry their cookie. */
export async function useTestServerOnce() {
  const server = testServer();
  const { cookie } = await server.signInAs("admin");
  return {
    request: (method: string, urlPath: string, body?: unknown) => server.request(method, urlPath, { body, cookie }),
    dispose: () => server.dispose(),
  };
}
