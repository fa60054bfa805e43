import { createTheme, type CSSVariablesResolver, type ModalProps } from '@mantine/core';

// Sizes in rem follow the root font scaling (rootFont.ts); the system font stack includes the CJK
// faces so Chinese and English line up.
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 (#1971c2) keeps white button text and blue links on white at WCAG AA contrast (5:1);
  // Mantine's default shade 6 gives 3.6:1.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Zen Hei", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // Every spinner carries a name ("Loading the puzzle"), and ARIA allows a name only on an element
    // with a role: Mantine's Loader is a bare span, which axe reports (aria-prohibited-attr) and
    // screen readers skip. An indeterminate progressbar is what a spinner is. Not `status`: that
    // role is the portal's live messages, which tests and assistive tech look up by it.
    Loader: { defaultProps: { role: 'progressbar' } },
  },
});

/** Mantine's dimmed text (gray 6, 3.3:1 on white) fails WCAG AA; gray 7 reads at 8:1. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] ?? '' },
  dark: {},
});

/** The theme with the labels screen readers need in the active language: a dialog's close button
 *  is an icon, so it gets its name here once instead of in every dialog. */
export function localisedTheme(closeLabel: string) {
  return createTheme({
    ...theme,
    components: {
      ...theme.components,
      // A plain object rather than Modal.extend(): importing Modal here would put the whole modal
      // stack into the first load (issue 10 §1 budget); AppModal.tsx loads it on first open.
      // Links sit inside sentences (the empty-results contact, the support mail): colour alone is not
      // enough to tell them apart from dimmed text (WCAG 1.4.1, axe link-in-text-block), so underline.
      // The header's brand link opts out explicitly.
      // `td` writes the underline inline: Mantine's data-underline rule alone did not satisfy axe.
      Anchor: { defaultProps: { underline: 'always', td: 'underline' } },
      Modal: {
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } satisfies Partial<ModalProps>,
      },
    },
  });
}
