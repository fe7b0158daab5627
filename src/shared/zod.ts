import { z } from 'zod';

// Every schema of the client and the shared ones import zod from here, so this runs before any is
// made. Browsers run them under a Content-Security-Policy without eval: zod would try new Function()
// once to compile its checks and the browser would report the refusal as a policy violation. The
// server keeps the compiled checks.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
