import { createRequire, Module } from 'node:module';

/**
 * exceljs 4.4.0 decodes each chunk of a sheet's XML on its own (lib/utils/parse-sax.js: a
 * TextDecoder without `stream: true`), so a Chinese character whose UTF-8 bytes straddle two
 * chunks of the unzipped entry reads as U+FFFD ("在职���工"): its streaming reader corrupts a few
 * rows in every ten thousand of a Chinese roster, at random. This puts the same parser with a
 * streaming decoder in that module's place before exceljs loads it: import it before exceljs.
 */
const require = createRequire(import.meta.url);
const fromExceljs = createRequire(require.resolve('exceljs'));
const target = fromExceljs.resolve('./lib/utils/parse-sax.js');

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };

function install() {
  if (require.cache[target]) return; // already loaded (or installed): nothing to do
  const { SaxesParser } = fromExceljs('saxes') as {
    SaxesParser: new () => { on(event: string, fn: (value: unknown) => void): void; write(text: string): void };
  };
  async function* parseSax(iterable: AsyncIterable<Buffer | string>): AsyncGenerator<SaxEvent[]> {
    const parser = new SaxesParser();
    let error: unknown;
    let events: SaxEvent[] = [];
    parser.on('error', (e) => {
      error = e;
    });
    for (const eventType of ['opentag', 'text', 'closetag'] as const) parser.on(eventType, (value) => events.push({ eventType, value }));
    const decoder = new TextDecoder('utf-8');
    const feed = function* (text: string) {
      parser.write(text);
      if (error) throw error;
      yield events;
      events = [];
    };
    for await (const chunk of iterable) yield* feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const rest = decoder.decode();
    if (rest) yield* feed(rest);
  }
  const module = new Module(target);
  module.filename = target;
  module.loaded = true;
  module.exports = parseSax;
  require.cache[target] = module;
}

install();
