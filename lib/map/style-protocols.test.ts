import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareStyle, usesPmtiles } from './style-protocols';

const pmtilesStyle = JSON.stringify({
  version: 8,
  sources: { streets: { type: 'vector', url: 'pmtiles://https://tiles.example.com/france.pmtiles' } },
  layers: [],
});
const plainStyle = JSON.stringify({
  version: 8,
  sources: { streets: { type: 'vector', url: 'https://tiles.example.com/tiles.json' } },
  layers: [],
});

function serve(body: string, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(body, { status }))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('usesPmtiles', () => {
  it('tells a style with a pmtiles:// source from one without', () => {
    expect(usesPmtiles(pmtilesStyle)).toBe(true);
    expect(usesPmtiles(plainStyle)).toBe(false);
  });
});

describe('prepareStyle', () => {
  it('registers the pmtiles protocol when the style uses it, once per MapLibre', async () => {
    serve(pmtilesStyle);
    const lib = { addProtocol: vi.fn() };
    await prepareStyle(lib, 'https://tiles.example.com/style.json');
    await prepareStyle(lib, 'https://tiles.example.com/style.json');
    expect(lib.addProtocol).toHaveBeenCalledTimes(1);
    expect(lib.addProtocol).toHaveBeenCalledWith('pmtiles', expect.any(Function));
  });

  it('registers nothing for a style without pmtiles, or one that cannot be read', async () => {
    const lib = { addProtocol: vi.fn() };
    serve(plainStyle);
    await prepareStyle(lib, 'https://tiles.example.com/style.json');
    serve('not found', 404);
    await prepareStyle(lib, 'https://tiles.example.com/missing.json');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network down'))),
    );
    await prepareStyle(lib, 'https://tiles.example.com/style.json');
    expect(lib.addProtocol).not.toHaveBeenCalled();
  });
});
