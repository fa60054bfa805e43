import type { ReactNode } from 'react';

/** One entry of a header menu; the menu itself is loaded after the page is usable (HeaderMenu). */
export interface HeaderMenuItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  color?: string;
  /** A line above the item, to set it apart (log out). */
  dividerBefore?: boolean;
}

export interface HeaderMenuProps {
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name when its label is not one (an email address). */
  ariaLabel?: string;
  items: readonly HeaderMenuItem[];
}
