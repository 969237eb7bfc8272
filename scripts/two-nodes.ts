/**
 * Two app nodes on one PostgreSQL behind nginx, checked through the proxy (issue 21): a fresh
 * database with the demo city, two nodes started as `npm start` starts them (HALL_FILE_STORE=db,
 * HALL_TRUST_PROXY, one HALL_TOKEN_SECRET), and Debian's nginx running deploy/nginx/hall.conf in a
 * temp directory of its own. The config is rendered three times on one port: `hall.test` is the
 * file as deployed (both nodes), `a.hall.test` and `b.hall.test` the same file with one node each,
 * so a check addresses a node on purpose; nginx's log proves which node answered each call.
 *
 * Usage: npx tsx scripts/two-nodes.ts   (PostgreSQL at HALL_PG_URL, default postgres://postgres@127.0.0.1:5432/test;
 * ports TWO_NODES_PORT, default 8510, and the two after it; exit 1 when a check fails)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiPath, CHANNEL, OpsPath, open, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data';
import { seedDictionaries } from '../apps/server/src/db/seed/dictionaries';
import { simplePdf } from '../apps/server/src/db/seed/pdf';
import { systemClock } from '../apps/server/src/lib/clock';
import { DatabaseFileStore } from '../apps/server/src/lib/db-file-store';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const pgServer = process.env.HALL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const firstPort = Number(process.env.TWO_NODES_PORT ?? 8510);
const nodePorts = [firstPort, firstPort + 1];
const proxyPort = firstPort + 2;
const CAPTCHA = '2468';
const dbName = `hall_two_nodes_${process.pid}`;
const databaseUrl = Object.assign(new URL(pgServer), { pathname: `/${dbName}` }).toString();
const work = mkdtempSync(path.join(tmpdir(), 'hall-two-nodes-'));
const children: ChildProcess[] = [];

const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`two-nodes [${since()}] ${line}`);
function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(what);
  say(`ok  ${what}`);
}

// --- the proxy's client: a real socket from a chosen loopback address, with the Host that picks the node ---

type Via = 'a' | 'b' | 'both';
interface Sent {
  via: Via;
  path: string;
  method?: 'GET' | 'POST';
  body?: Buffer;
  headers?: Record<string, string>;
  /** The client's own address (127.0.0.x): nginx sees it and forwards it. */
  from?: string;
}
interface Answered {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function send({ via, path: target, method = 'POST', body, headers = {}, from = '127.0.0.1' }: Sent): Promise<Answered> {
  const host = via === 'both' ? 'hall.test' : `${via}.hall.test`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: proxyPort, path: target, method, localAddress: from, headers: { host, ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Envelope {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: each check reads the fields it expects
  data: any;
}
const envelope = (res: Answered): Envelope => {
  const body = JSON.parse(res.bytes.toString('utf8'));
  return { ...body, data: body.data ? open(body.data) : undefined };
};
const auth = (token?: string): Record<string, string> => ({
  [PROTOCOL_HEADER]: PROTOCOL_VERSION,
  ...(token ? { authorization: token } : {}),
});

/** A sealed call as the portal makes it (packages/client: `{data: seal(payload), channel}`). */
async function sealed(via: Via, apiPath: string, payload: unknown, token?: string, from?: string) {
  const body = Buffer.from(JSON.stringify({ data: seal(payload), channel: CHANNEL }));
  return envelope(await send({ via, path: `/api${apiPath}`, body, from, headers: { ...auth(token), 'content-type': 'application/json' } }));
}
async function get(via: Via, apiPath: string, token?: string, from?: string) {
  return envelope(await send({ via, path: `/api${apiPath}`, method: 'GET', from, headers: auth(token) }));
}
async function human(via: Via, from?: string) {
  const answer = await get(via, ApiPath.captcha, undefined, from);
  return { captchaId: answer.data.captchaId as string, captchaCode: CAPTCHA };
}
async function loginUnit(via: Via, uact: string, from?: string, headers: Record<string, string> = {}) {
  const body = Buffer.from(
    JSON.stringify({ data: seal({ uact, password: DEMO_PASSWORD, ...(await human(via, from)) }), channel: CHANNEL }),
  );
  const answer = envelope(
    await send({
      via,
      path: `/api${ApiPath.unitLogin}`,
      body,
      from,
      headers: { ...auth(), 'content-type': 'application/json', ...headers },
    }),
  );
  if (answer.code !== 0) throw new Error(`login of ${uact} via ${via} answered ${answer.code} ${answer.message}`);
  return answer.data.accessToken as string;
}

// --- set-up: database, nodes, nginx ---

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  // The demo city only (accounts, operators), seeded once here: the nodes start on it without a seed of their own.
  const database = await openDatabase({ databaseUrl, dataDir: work });
  await seedDictionaries(database.db);
  await seedDemo(database.db, systemClock, '长沙市', new DatabaseFileStore(database.db));
  await database.close();
}

async function dropDatabase() {
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

function startNode(n: number) {
  const node = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(nodePorts[n]),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      HALL_DATA_DIR: path.join(work, `node-${n}`),
      HALL_FILE_STORE: 'db',
      HALL_TRUST_PROXY: '127.0.0.1',
      HALL_TOKEN_SECRET: 'two-nodes-check-secret-shared-by-both-nodes',
      HALL_DEMO_SEED: '0',
      HALL_CAPTCHA_FIXED: CAPTCHA,
      HALL_SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(node);
  return node;
}

async function untilHealthy(port: number) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node on ${port} did not answer /healthz within 60 s`);
}

/** deploy/nginx/hall.conf with its site lines replaced: the upstream's name and servers, `listen` and `server_name`. */
function render(conf: string, name: string, host: string, ports: number[], defaultServer: boolean) {
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  const out = conf
    .replace(
      /upstream hall_nodes \{([\s\S]*?)\}/,
      (_all, body: string) => `upstream ${name} {${body.replace(/(\s*server [^;]+;)+/, `\n${servers}`)}}`,
    )
    .replace('proxy_pass http://hall_nodes;', `proxy_pass http://${name};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${proxyPort}${defaultServer ? ' default_server' : ''};`)
    .replace(/server_name [^;]+;/, `server_name ${host};`);
  for (const must of [`upstream ${name}`, `proxy_pass http://${name};`, `listen 127.0.0.1:${proxyPort}`, `server_name ${host};`]) {
    if (!out.includes(must)) throw new Error(`deploy/nginx/hall.conf changed shape: "${must}" not rendered`);
  }
  return out;
}

function startNginx() {
  const conf = readFileSync(path.join(root, 'deploy/nginx/hall.conf'), 'utf8');
  check(
    readFileSync(path.join(root, 'docs/operations.md'), 'utf8').includes(conf),
    'docs/operations.md gives deploy/nginx/hall.conf as it is',
  );
  const dir = path.join(work, 'nginx');
  mkdirSync(dir, { recursive: true });
  // Run as root (CI), nginx's workers are `nobody`: they write request bodies under this prefix.
  chmodSync(work, 0o755);
  chmodSync(dir, 0o777);
  const site = [
    render(conf, 'hall_nodes', 'hall.test', nodePorts, true),
    render(conf, 'hall_node_a', 'a.hall.test', [nodePorts[0]], false),
    render(conf, 'hall_node_b', 'b.hall.test', [nodePorts[1]], false),
  ].join('\n');
  writeFileSync(path.join(dir, 'hall.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format node '$host $upstream_addr $status $request_method $uri';
  access_log ${dir}/access.log node;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/hall.conf;
}
`,
  );
  const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
  const test = spawnSync(nginx, ['-t', '-q', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  children.push(spawn(nginx, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'inherit', detached: true }));
  return dir;
}

async function untilProxying() {
  for (let i = 0; i < 100; i++) {
    const ok = await send({ via: 'both', path: '/healthz', method: 'GET' }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not pass /healthz');
}

// --- the checks ---

const UNIT = 'lhgh92001';
const OTHER_UNIT = 'hygh93001';

/** A login served by one node works on the other; a session ended on one is refused on the other at its next call. */
async function sessions() {
  const token = await loginUnit('a', UNIT);
  check((await get('b', ApiPath.userInfo, token)).code === 0, 'a login served by node A is accepted by node B');
  check((await get('a', ApiPath.unitLogout, token)).code === 0, 'the session is ended on node A');
  const after = await get('b', ApiPath.userInfo, token);
  check(after.code !== 0, `node B refuses the ended session at its next call (${after.code} ${after.message})`);
}

/** An account disabled through one node is refused by the other, which had its identity cached. */
async function disabledAccount() {
  const token = await loginUnit('b', OTHER_UNIT);
  check((await get('b', ApiPath.userInfo, token)).code === 0, 'node B serves the unit (its identity now cached there)');
  const operator = await sealed('a', OpsPath.opsLogin, { username: 'ops-admin', password: DEMO_PASSWORD, ...(await human('a')) });
  if (operator.code !== 0) throw new Error(`operator login answered ${operator.code} ${operator.message}`);
  const ops = operator.data.accessToken as string;
  const found = await sealed('a', OpsPath.opsAccountFind, { loginType: 'unit', keyword: OTHER_UNIT }, ops);
  const account = found.data?.list?.find((a: { login: string }) => a.login === OTHER_UNIT);
  if (!account) throw new Error(`opsAccountFind answered ${found.code} ${found.message}`);
  const disabled = await sealed('a', OpsPath.opsAccountDisable, { accountId: account.accountId, reason: '双节点检查' }, ops);
  check(disabled.code === 0, 'an operator disables the unit through node A');
  const after = await get('b', ApiPath.userInfo, token);
  check(after.code !== 0, `node B refuses the disabled account at its next call (${after.code} ${after.message})`);
  await sealed('a', OpsPath.opsAccountEnable, { accountId: account.accountId, reason: '双节点检查结束' }, ops);
}

/** A file uploaded through one node downloads, whole, through the other. */
async function files() {
  const token = await loginUnit('a', UNIT);
  const bytes = simplePdf('Two nodes', [randomUUID()]);
  const boundary = `----hall${randomUUID().replace(/-/g, '')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="two-nodes.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = envelope(
    await send({
      via: 'a',
      path: `/api${ApiPath.fileUpload}`,
      body,
      headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    }),
  );
  if (uploaded.code !== 0) throw new Error(`upload answered ${uploaded.code} ${uploaded.message}`);
  const down = await send({
    via: 'b',
    path: `/api${ApiPath.fileDownload}`,
    body: Buffer.from(JSON.stringify({ fileId: uploaded.data.fileId })),
    headers: { ...auth(token), 'content-type': 'application/json' },
  });
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  check(
    down.status === 200 && sha(down.bytes) === sha(bytes),
    `a file uploaded through node A downloads whole through node B (${bytes.length} bytes)`,
  );
}

/** The address the nodes see is the client's (nginx's X-Forwarded-For), not nginx's, and a client cannot choose it. */
async function clientAddress(db: pg.Client) {
  await loginUnit('b', UNIT, '127.0.0.2', { 'x-forwarded-for': '203.0.113.9' });
  const { rows } = await db.query(
    `select s.ip from sessions s join accounts a on a.id = s.account_id where a.login_name = $1 order by s.created_at desc limit 1`,
    [UNIT],
  );
  check(
    rows[0]?.ip === '127.0.0.2',
    `the session records the client's address 127.0.0.2, not nginx's nor the one it sent (${rows[0]?.ip})`,
  );
}

/** Per-IP and per-phone limits count every node's calls (rate_hits in the database), keyed by the real client address. */
async function limits() {
  const from = '127.0.0.3';
  const sendCode = async (via: Via, phone: string, client = from) =>
    sealed(via, ApiPath.sendMessage, { phone, purpose: 'find-password', ...(await human(via, client)) }, undefined, client);
  // 20 sends an hour from one address (modules/limits `send`), spread over both nodes.
  for (let i = 0; i < 20; i++) {
    const sent = await sendCode(i % 2 ? 'b' : 'a', `1390000${String(1000 + i)}`);
    if (sent.code !== 0) throw new Error(`send ${i + 1} from ${from} answered ${sent.code} ${sent.message}`);
  }
  const over = await sendCode('a', '13900002000');
  check(
    over.code !== 0 && over.message.includes('频繁'),
    `the 21st send from one address is refused after 10 on each node (${over.message})`,
  );
  const elsewhere = await sendCode('b', '13900002001', '127.0.0.4');
  check(elsewhere.code === 0, 'another client address behind the same proxy still sends: the limit is the client’s, not the proxy’s');
  // One code a minute per phone.
  const phone = '13900003000';
  check((await sendCode('a', phone, '127.0.0.5')).code === 0, 'a code is sent to a phone through node A');
  const again = await sendCode('b', phone, '127.0.0.6');
  check(again.code !== 0, `node B refuses a second code to that phone within the minute (${again.message})`);
}

/** nginx's own log: each pinned host reached only its node, the deployed one reached both; /metrics is not passed. */
async function routing(dir: string) {
  const metrics = await send({ via: 'both', path: '/metrics', method: 'GET' });
  check(metrics.status === 404 && String(metrics.headers.server ?? '').startsWith('nginx'), 'nginx answers /metrics itself with 404');
  for (let i = 0; i < 4; i++) await send({ via: 'both', path: '/healthz', method: 'GET' });
  const lines = readFileSync(path.join(dir, 'access.log'), 'utf8').trim().split('\n');
  const upstreams = (host: string) => new Set(lines.filter((l) => l.startsWith(`${host} `)).map((l) => l.split(' ')[1]));
  const a = upstreams('a.hall.test');
  const b = upstreams('b.hall.test');
  const both = upstreams('hall.test');
  check(
    a.size === 1 && a.has(`127.0.0.1:${nodePorts[0]}`) && b.size === 1 && b.has(`127.0.0.1:${nodePorts[1]}`),
    `every call addressed to node A or B was answered by it (${lines.length} calls in nginx's log)`,
  );
  check(
    nodePorts.every((p) => both.has(`127.0.0.1:${p}`)),
    'the deployed upstream spreads calls over both nodes',
  );
}

async function main() {
  await freshDatabase();
  say(`database ${dbName} migrated and seeded with the demo city`);
  for (const n of [0, 1]) {
    const t = Date.now();
    startNode(n);
    await untilHealthy(nodePorts[n]);
    say(`node ${'AB'[n]} answers /healthz on ${nodePorts[n]} (${((Date.now() - t) / 1000).toFixed(1)} s after its start)`);
  }
  const dir = startNginx();
  await untilProxying();
  say(`nginx (deploy/nginx/hall.conf) answers on ${proxyPort}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await sessions();
    await disabledAccount();
    await files();
    await clientAddress(db);
    await limits();
    await routing(dir);
  } finally {
    await db.end();
  }
}

let failed = false;
try {
  await main();
  say('all checks passed');
} catch (error) {
  failed = true;
  console.error(`two-nodes [${since()}] FAILED: ${(error as Error).message}`);
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {}
  }
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase().catch((error) => console.error(`two-nodes: could not drop ${dbName}: ${error.message}`));
  rmSync(work, { recursive: true, force: true });
  say(failed ? 'failed' : 'done');
  process.exit(failed ? 1 : 0);
}
