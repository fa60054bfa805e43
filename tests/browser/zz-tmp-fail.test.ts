import { expect, test } from 'vitest';
import { useBrowserSuite } from './support/suite';
const suite = useBrowserSuite();
test('deliberate failure to check screenshots', async () => {
  const page = await suite.page(await suite.context());
  await page.goto(`${suite.portal().url}/login`);
  expect(1).toBe(2);
});
