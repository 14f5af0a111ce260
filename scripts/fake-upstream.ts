/*
 * Serves the web data layer's fake Partner API on a fixed port (PORT, default 4000) for `next dev` before the real
 * service exists: `node --conditions=react-server --import tsx scripts/fake-upstream.ts`.
 */
import { createServer, request } from 'node:http';
import { FakeUpstream } from '../lib/partner/testing/fake-upstream';

const port = Number(process.env.PORT ?? 4000);
const fake = await new FakeUpstream().start();
const target = new URL(fake.baseUrl);

// The fake listens on an ephemeral port; a tiny pass-through gives it a fixed one.
const proxy = createServer((req, res) => {
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
proxy.listen(port, '127.0.0.1', () => console.log(`fake Partner API on http://127.0.0.1:${port}`));

const stop = () => {
  proxy.close();
  void fake.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
