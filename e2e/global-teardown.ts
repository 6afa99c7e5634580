import { dropScaleOutTemplate } from './lib/scaleout-db.ts';

/** After the last worker: the scale-out specs' template database of the run goes too. */
export default async function globalTeardown() {
  await dropScaleOutTemplate();
}
