import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, fetchOk } from './api-client';
import { ApiError, apiErrorFrom, errorText, NETWORK_ERROR_MESSAGE } from './api-error';

const json = { parse: (data: unknown) => data };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiErrorFrom (docs/product.md §8)', () => {
  it('keeps "<status>: <body>" as the message and reads the error and code of the body', async () => {
    const body = JSON.stringify({ error: 'The current password is not correct.', code: 'WRONG_PASSWORD' });
    const err = await apiErrorFrom(new Response(body, { status: 400 }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('WRONG_PASSWORD');
    expect(err.message).toBe(`400: ${body}`);
    expect(err.userMessage).toBe('The current password is not correct.');
  });

  it('uses the status text when the body is empty, with no text for the person', async () => {
    const err = await apiErrorFrom(new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    expect(err.message).toBe('502: Bad Gateway');
    expect(err.code).toBe('HTTP_502');
    expect(err.userMessage).toBeNull();
  });

  it('takes nothing from a body that is not the failure shape', async () => {
    const err = await apiErrorFrom(new Response('<html>proxy</html>', { status: 504 }));
    expect(err.message).toBe('504: <html>proxy</html>');
    expect(err.userMessage).toBeNull();
    expect(errorText(err, 'Failed to run detection')).toBe('Failed to run detection');
  });
});

describe('fetchOk', () => {
  it('turns the TypeError of an unreachable server into a network ApiError', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Load failed')));
    const err = await fetchOk('/api/admin/captcha').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetworkError).toBe(true);
    expect(errorText(err, 'Login failed')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('lets an abort pass through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', () => Promise.reject(abort));
    await expect(fetchOk('/api/clan')).rejects.toBe(abort);
  });

  it('throws the ApiError of a 401 with its status, for callers to check', async () => {
    const body = { error: 'Authentication required. Please log in again.', code: 'UNAUTHORIZED' };
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(body, { status: 401 })));
    const err = await fetchOk('/api/admin/system').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED', userMessage: body.error });
  });
});

describe('apiRequest', () => {
  it('answers what the schema parsed', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ id: 'c1', question: 'What is 2 + 3?', extra: 1 })));
    const picked = { parse: (d: unknown) => ({ id: (d as { id: string }).id }) };
    await expect(apiRequest('GET', '/api/admin/captcha', picked)).resolves.toEqual({ id: 'c1' });
  });

  it('reports an answer its schema refuses as an ApiError with the fallback for the person', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ nope: true })));
    const strict = {
      parse: () => {
        throw new Error('invalid');
      },
    };
    const err = await apiRequest('GET', '/api/admin/scripts', strict).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
    expect(errorText(err, 'Failed to load scripts')).toBe('Failed to load scripts');
  });

  it('sends the JSON body and the bearer token', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(Response.json({ message: 'ok' })));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/admin/set-email', json, { body: { email: 'a@b.c' }, token: 't0k' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init).toMatchObject({ method: 'POST', body: '{"email":"a@b.c"}', credentials: 'include' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer t0k' });
  });
});

describe('errorText', () => {
  it('shows the fallback for anything that is not an ApiError', () => {
    expect(errorText(new SyntaxError('Unexpected token'), 'Failed to set email')).toBe('Failed to set email');
  });
});
