// The baseline of bench/auth-me.mjs: a bare Fastify route in its own process.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3152);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
