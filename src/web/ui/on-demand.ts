import { createElement, useEffect, useState, type ComponentType, type ReactElement } from "react";

/**
 * Code the first page does without: the screens' own (screen-routes.ts), and Headless UI's widgets (menus,
 * popovers, dialogs, comboboxes) and what is built on them, each import a chunk of its own (build.ts splits
 * dynamic imports). A fresh browser
 * parses and compiles every script the page loads before anything shows, and Headless UI with its
 * positioning and interaction libraries was a quarter of the first page's code, which no screen needs
 * until a person opens a menu or a dialog; first loads came 50-90 ms sooner without it. The
 * parts are fetched a little after the page has shown its screen (loadEveryPartOnDemandLater), or at the
 * latest when first wanted.
 */
export interface OnDemand<T> {
  /** The code, once it is in. */
  readonly loaded: T | undefined;
  /** Fetches the code, once; a fetch that failed (the network, a new version's files) is tried again at the next call. */
  load(): Promise<T>;
}

const everyPart: OnDemand<unknown>[] = [];

export function onDemand<T>(importCode: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | undefined;
  const part: { loaded: T | undefined; load(): Promise<T> } = {
    loaded: undefined,
    load: () =>
      (loading ??= importCode().then(
        (code) => (part.loaded = code),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  everyPart.push(part);
  return part;
}

/** A component whose code comes on demand: it shows nothing until its code is in, a few milliseconds at most once the page has been idle. */
export function onDemandComponent<P extends object>(part: OnDemand<ComponentType<P>>): (props: P) => ReactElement | null {
  return function OnDemandComponent(props: P) {
    const [Component, setComponent] = useState(() => part.loaded);
    useEffect(() => {
      if (Component !== undefined) return;
      let isMounted = true;
      part.load().then(
        (loaded) => isMounted && setComponent(() => loaded),
        () => undefined,
      );
      return () => void (isMounted = false);
    }, [Component]);
    return Component === undefined ? null : createElement(Component, props);
  };
}

/**
 * How long after the page has loaded its parts are fetched. Their code is read and run on the page's thread
 * as it comes: fetched as soon as the page was idle, it held back what a person did first (the Potential
 * Duplicates toggle clicked as the accounts showed answered in 358 ms rather than 274). A part wanted
 * sooner is fetched then.
 */
const PARTS_FETCHED_AFTER_MS = 1500;

/** Starts fetching every part's code a little after the page has loaded, once the browser is idle (main.tsx). */
export function loadEveryPartOnDemandLater(): void {
  const loadAll = () => everyPart.forEach((part) => void part.load().catch(() => undefined));
  const later = () => setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(loadAll) : loadAll()), PARTS_FETCHED_AFTER_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
