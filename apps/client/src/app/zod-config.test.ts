import { expect, it } from 'vitest';
import './zod-config.ts';
import { config } from 'zod/v4/core';

it("sets zod's jitless flag where zod itself reads it, without importing zod", () => {
  expect(config().jitless).toBe(true);
});
