/** Where the browser tests' server listens and who its admin is; read by the config, the server script and the fixtures. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@phonehaat.test', password: 'e2e-admin-password' } as const;
/** The password every account made by the fixtures signs in with. */
export const E2E_PASSWORD = 'e2e-user-password';
/**
 * A file naming the DATA_DIR of the e2e server on E2E_PORT, written by scripts/e2e-server.ts: the
 * fixtures read the mail its worker writes there (DATA_DIR/mail, no SMTP_URL).
 */
export const E2E_DATA_DIR_POINTER = `${import.meta.dirname}/../../../.test-data/e2e-${E2E_PORT}.data-dir`;
