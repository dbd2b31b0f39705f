// The bench scripts' calls to the API: a JSON request, and a fresh bench user signed up and in
// (and moved to Pro). Re-exported by lib.mjs.

/** Sends a JSON request (with a bearer token if given); resolves with the parsed body, throws unless 2xx. */
export async function requestJson(base, method, p, body, token) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs a new user up with email and password, then in; resolves with the sign-in body (tokens, user). */
export async function signUpAndIn(base, email, password) {
  const post = (p, body) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const up = await post('/api/auth/signup', { email, password });
  if (up.status !== 201) throw new Error(`signup failed: ${up.status} ${await up.text()}`);
  return (await post('/api/auth/signin/email', { email, password })).json();
}

/** Moves the user of `token` to the Pro plan, then creates `project` (name, language, code) as theirs; resolves with its row. */
export async function proProject(base, token, project) {
  await requestJson(base, 'POST', '/api/plan/upgrade', { plan: 'pro' }, token);
  const [row] = await requestJson(
    base,
    'POST',
    '/api/db/codewright/rest/v1/projects',
    project,
    token,
  );
  return row;
}

/** Signs a new user up and in (signUpAndIn) and moves it to the Pro plan; resolves with the session. */
export async function signUpPro(base, email, password) {
  const session = await signUpAndIn(base, email, password);
  await requestJson(base, 'POST', '/api/plan/upgrade', { plan: 'pro' }, session.access_token);
  return session;
}

/** Signs a fresh bench user up and in (`<tag>-<time>@example.com`); resolves with its access token. */
export async function benchUserToken(base, tag) {
  const session = await signUpAndIn(base, `${tag}-${Date.now()}@example.com`, 'bench-password-1');
  return session.access_token;
}
