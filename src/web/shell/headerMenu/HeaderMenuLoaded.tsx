// The header menu once Mantine's Menu (and floating-ui under it) has loaded; HeaderMenu shows a
// plain button of the same look until then.
import { Button, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { HeaderMenuProps } from './headerMenuItems';

export interface HeaderMenuLoadedProps extends HeaderMenuProps {
  /** The person pressed the button before the menu had loaded. */
  openAtOnce: boolean;
  /** The placeholder button had the focus: the real one takes it over. */
  takeFocus: boolean;
}

export default function HeaderMenuLoaded({
  label,
  ariaLabel,
  items,
  openAtOnce,
  takeFocus,
}: HeaderMenuLoadedProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(openAtOnce);
  useEffect(() => {
    if (takeFocus) target.current?.focus();
    // Only when this replaces the placeholder, not when the flags change later.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A press on the placeholder can land after this menu has rendered but before it replaced the
  // placeholder on screen (the idle load was already under way): the flag then arrives as a changed
  // prop, not at mount, and must still open the menu (a CI run lost such a press).
  useEffect(() => {
    if (openAtOnce) setOpened(true);
  }, [openAtOnce]);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} variant="subtle" aria-label={ariaLabel}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => [
          item.dividerBefore ? <Menu.Divider key={`${item.key}-divider`} /> : null,
          <Menu.Item key={item.key} color={item.color} disabled={item.disabled} onClick={item.onSelect}>
            {item.label}
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
