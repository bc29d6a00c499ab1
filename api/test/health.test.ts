import { describeEachDatabase } from './helpers/databases';
import { startTestApp, type TestApp } from './helpers/app';

describeEachDatabase('GET /api/health', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant);
  });
  afterAll(() => t.close());

  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 with an Italian error when the database is gone', async () => {
    await t.app.db.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'unreachable', error: 'Database non raggiungibile' });
  });
});
