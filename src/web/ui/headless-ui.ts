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
