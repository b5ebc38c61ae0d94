import { describe, expect, it } from 'vitest';
import { ICON_PATHS, isInSprite, SPRITE_ICONS, spriteId } from '../../src/lib/icons.ts';

describe('icons', () => {
  it.each([
    { name: 'heart', inSprite: true, id: 'icon-heart' },
    { name: 'pin', inSprite: true, id: 'icon-pin' },
    { name: 'clock', inSprite: true, id: 'icon-clock' },
    { name: 'whatsapp', inSprite: false, id: 'icon-whatsapp' },
    { name: 'search', inSprite: false, id: 'icon-search' },
  ] as const)('$name: in the sprite $inSprite, id $id', ({ name, inSprite, id }) => {
    expect(isInSprite(name)).toBe(inSprite);
    expect(spriteId(name)).toBe(id);
  });

  it('draws every sprite icon with a path of the 24 px grid', () => {
    for (const name of SPRITE_ICONS) expect(ICON_PATHS[name]).toMatch(/^M[\d.]+[ ,]?[\d.]+/);
  });
});
