import * as parts from "@headlessui/react";

/**
 * Headless UI, as every part of the dashboard imports it: the components it uses, taken from one namespace
 * object. The build splits code shared by the parts loaded on demand (on-demand.ts) into chunks by which of
 * them use it, statement by statement: imported directly, Headless UI's modules came in eighteen chunks, and
 * a screen using it asked for a dozen files. Taken from the namespace, every user of any of its components
 * uses all of them, and they come in one chunk (193 KB, with the components the dashboard does not use:
 * 32 KB more than those it does, where naming them twice would save that).
 */

export const {
  CloseButton,
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Field,
  Label,
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
  Popover,
  PopoverButton,
  PopoverPanel,
  Switch,
  Tab,
  TabGroup,
  TabList,
  TabPanel,
  TabPanels,
} = parts;

/**
 * A dialog hands the focus back, as it closes, to what had it before it opened; Headless UI knows that from
 * the focus events it has heard since its code ran. Its code comes on demand, often as the button opening its
 * first dialog is pressed, after that button took the focus: told nothing, the dialog would leave the focus
 * on the page's body when it closed. So it hears, as its code runs, which element has the focus. The event is
 * Headless UI's own kind: React's onFocus listens for focusin, so no handler of ours runs, and the focus
 * itself does not move.
 */
if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
  document.activeElement.dispatchEvent(new FocusEvent("focus"));
}
