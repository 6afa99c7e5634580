/**
 * Answers of the fake BFF (fake-bff.ts) that break the contract, found while a test ran: an answer a function makes
 * is only seen when asked. setup.ts fails the test after it ran. Apart from fake-bff.ts so that the setup of every
 * test file does not load the contracts and catalogs for it.
 */
export const breaks: string[] = [];

/** The contract breaks of the fake's answers since the last call, for setup.ts's afterEach. */
export function takeContractBreaks(): string[] {
  return breaks.splice(0);
}
