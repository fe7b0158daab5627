/** Where the browser tests' server listens and who its admin is; read by the config, the server script and the fixtures. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@phonehaat.test', password: 'e2e-admin-password' } as const;
/** The password every account made by the fixtures signs in with. */
export const E2E_PASSWORD = 'e2e-user-password';
