/**
 * Envelope cost: seal+open of typical payloads against JSON stringify+parse of the same payloads
 * (the baseline every call pays anyway), in one process, with the browser's cipher (@noble/ciphers)
 * and the server's (node:crypto). Prints ops/s and the ratios.
 * Run: npx tsx bench/envelope.ts
 */
import { nobleCipher, open, seal } from '@hall/shared';
import { nodeCipher } from '../apps/server/src/lib/node-cipher';

const payloads = {
  'login (small)': { uact: 'lhgh92001', password: 'Demo@2026', captchaId: crypto.randomUUID(), captchaCode: '2468' },
  'page of 10 mails': {
    list: Array.from({ length: 10 }, (_, i) => ({
      id: String(i),
      title: '关于开展2026年度职工医疗互助的通知',
      content: '各基层工会：'.repeat(20),
      readFlag: '0',
    })),
    totlCnt: 120,
  },
  'page of 100 staff': {
    list: Array.from({ length: 100 }, (_, i) => ({
      certNo: '43010219850315002' + (i % 10),
      name: '职工' + i,
      psnType: '1',
      insured: true,
    })),
  },
};

function measure(fn: () => void, ms = 1500): number {
  for (let i = 0; i < 200; i++) fn(); // warm up
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) fn();
    n += 50;
  }
  return n / (ms / 1000);
}

console.log('payload                 bytes   json ops/s  noble ops/s   node ops/s  noble/json  node/json');
for (const [name, payload] of Object.entries(payloads)) {
  const bytes = JSON.stringify(payload).length;
  const json = measure(() => JSON.parse(JSON.stringify(payload)));
  const noble = measure(() => open(seal(payload, undefined, nobleCipher), undefined, nobleCipher));
  const node = measure(() => open(seal(payload, undefined, nodeCipher), undefined, nodeCipher));
  const cells = [json, noble, node].map((v) => v.toFixed(0).padStart(12));
  console.log(
    `${name.padEnd(22)} ${String(bytes).padStart(6)} ${cells.join(' ')} ${(noble / json).toFixed(3).padStart(11)} ${(node / json).toFixed(3).padStart(10)}`,
  );
}
