/** Inputs at least 44 px tall (a touch target), for fields outside a form that sets its own size. */
export const TOUCH_INPUT = { input: { minHeight: 44 } } as const;
