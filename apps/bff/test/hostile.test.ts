import { createRuntime, type Runtime, seedDemo } from '@majlis/core';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';

describe.each(drivers)('hostile input on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1' });
  const client = () => new TestClient((url, init) => app.request(url, init));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    runtime = await createRuntime(config, { database });
    await seedDemo(runtime.db, PASSWORD);
    app = createApp(runtime);
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  it('NUL in register, login, contact and chat text: 400 naming the field, in both languages', async () => {
    const anon = client();
    await anon.csrf();
    const register = await anon.post('/api/register', {
      fname: 'Mo\u0000na',
      lname: 'Saleh',
      email: 'nul.register@example.test',
      password: 'correct horse battery',
      phone: '+201001234567',
      acceptTerms: true,
      ageConfirmed: true,
    });
    expect(register.status).toBe(400);
    expect(Object.keys(register.json.fields)).toEqual(['fname']);
    expect(register.json.fields.fname.en).toMatch(/control characters/);
    expect(register.json.fields.fname.ar).toMatch(/محارف تحكم/);

    const login = await anon.post('/api/login', { email: 'owner@demo.test\u0000', password: PASSWORD });
    expect(login.status).toBe(400);
    expect(Object.keys(login.json.fields)).toEqual(['email']);

    const contact = await anon.post('/api/contact', {
      name: 'Mona',
      email: 'mona@example.test',
      kind: 'question',
      message: 'line one\nline two\u0000',
    });
    expect(contact.status).toBe(400);
    expect(Object.keys(contact.json.fields)).toEqual(['message']);

    const member = client();
    const login2 = await member.login('member@demo.test', PASSWORD);
    expect(login2.status).toBe(200);
    const teams = (await member.get('/api/teams')).json as { _id: string }[];
    const conversation = await member.post('/api/chat/conversation', {
      type: 'team',
      teamId: teams[0]?._id,
      ownerId: login2.json.user.ownerId,
    });
    expect(conversation.status).toBe(200);
    const chat = await member.post('/api/chat/message', { conversationId: conversation.json._id, text: 'hi\u0000' });
    expect(chat.status).toBe(400);
    expect(Object.keys(chat.json.fields)).toEqual(['text']);
    // Multi-line text keeps its line breaks and tabs.
    const ok = await member.post('/api/chat/message', { conversationId: conversation.json._id, text: 'a\n\tb\r\nc' });
    expect(ok.status).toBe(201);
    expect(ok.json.text).toBe('a\n\tb\r\nc');
  });

  it('bidi overrides are stripped from names', async () => {
    const owner = client();
    expect((await owner.login('owner@demo.test', PASSWORD)).status).toBe(200);
    const room = await owner.post('/api/rooms', {
      name: '\u202eorP\u202c \u2066غرفة\u2069\u200f',
      type: 'jitsi',
      participants: 10,
    });
    expect(room.status).toBe(201);
    expect(room.json.name).toBe('orP غرفة\u200f');
    const refused = await owner.post('/api/rooms', { name: '\u202e\u2067', type: 'jitsi', participants: 10 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.fields)).toEqual(['name']);
  });

  it('malformed percent-encoding in the path or query string: 400 with the error shape', async () => {
    const anon = client();
    for (const path of [
      '/%E0%A4%A',
      '/api/%E0%A4%A',
      '/api/meetings/%E0%A4%A',
      '/api/health?x=%E0%A4%A',
      '/api/meetings?q=%ZZ%',
    ]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json, path).toMatchObject({
        code: expect.any(String),
        errorMessage: { ar: expect.any(String), en: expect.any(String) },
      });
    }
  });
});
