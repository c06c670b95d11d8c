import type { ThemeConfig } from 'antd';
import { theme } from 'antd';

// The antd theme, readable by WCAG AA (contrast 4.5:1 for text; issue 17 §9, checked by axe in
// e2e/accessibility.spec.ts). antd's defaults fall short in a few places the console uses a lot.

/**
 * Secondary text: antd's defaults (45 % black for descriptions, breadcrumbs, form hints and
 * statistics' titles, 25 % for placeholders) give 3.4:1 and 1.8:1 on white. 58 % black is 5.3:1
 * on white and 4.9:1 on the login page's #f4f6fb.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.58)';

/**
 * Text of the coloured tags (`<Tag color="green">`): antd writes shade 7 of the colour on its
 * shade 1, which is 2.1–4.4:1 for these colours; a darker shade reaches 4.5:1. The palette token
 * feeds the tag's text (and a few hover shades); the tag's background stays. Shades of antd's
 * palettes (@ant-design/colors).
 */
const DARKER_SHADE_7: [color: string, hex: string][] = [
  ['volcano', '#ad2102'], // volcano 8
  ['orange', '#ad4e00'], // orange 8
  ['gold', '#874d00'], // gold 9
  ['yellow', '#876800'], // yellow 9
  ['lime', '#3f6600'], // lime 9
  ['green', '#237804'], // green 8
  ['cyan', '#006d75'], // cyan 8
];

/** Both spellings of a palette token (`gold7`, `gold-7`) become the same CSS variable. */
const DARKER_TAG_TEXT = Object.fromEntries(
  DARKER_SHADE_7.flatMap(([color, hex]) => [
    [`${color}7`, hex],
    [`${color}-7`, hex],
  ]),
);

/** The class that carries antd's CSS variables. */
export const THEME_CLASS = 'app-theme';

/** The antd theme for a primary colour (the user's choice in the settings; DEFAULT_THEME passes). */
export function appTheme(colorPrimary: string): ThemeConfig {
  return {
    algorithm: theme.defaultAlgorithm,
    // A fixed class for antd's CSS variables (--ant-color-primary…): the console's own elements
    // (tags, menus, avatar) read them inside the providers' wrapper (providers.tsx).
    cssVar: { key: THEME_CLASS },
    token: {
      colorPrimary,
      // Links and link buttons follow the primary colour (antd derives them from its own
      // #1677ff info blue otherwise: 4.1:1 on white).
      colorInfo: colorPrimary,
      colorLink: colorPrimary,
      // Danger buttons, error messages: antd's #ff4d4f is 3.3:1 on white; red 7 is 5.6:1.
      colorError: '#cf1322',
      borderRadius: 6,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
      ...DARKER_TAG_TEXT,
    },
  };
}
