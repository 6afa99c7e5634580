import type { ScrollAreaProps } from '@mantine/core';

/**
 * A table wider than a phone scrolls inside its own box; the box takes the keyboard's focus so the columns past the
 * edge can be reached without a pointer (WCAG 2.1.1; axe's scrollable-region-focusable). Its scrollbar stays drawn,
 * a cue that there is more to the side (issue 26: cut at 360 px with nothing to say so); ScrollHint says it in words.
 */
export const KEYBOARD_SCROLL: ScrollAreaProps = { viewportProps: { tabIndex: 0 }, type: 'always', scrollbars: 'x' };
