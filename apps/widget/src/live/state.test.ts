import { CHAT_HISTORY, type ChatMessage } from '@popstage/core/live';
import { describe, expect, it } from 'vitest';
import { addOwnMessage, applyLiveEvent, clock, type LiveView, pinnedAt } from './state';

const message = (id: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  name: 'Ava',
  text: `hello ${id}`,
  at: '2026-11-25T10:00:00.000Z',
  seller: false,
  ...over,
});

function view(over: Partial<LiveView> = {}): LiveView {
  return {
    id: 'show1',
    title: 'Show',
    status: 'live',
    hls: 'https://media.example/live.m3u8',
    mp4: null,
    lowLatency: false,
    pinned: null,
    pins: [],
    viewers: 3,
    chat: [message('m1'), message('m2')],
    ...over,
  };
}

describe('applying the show’s events', () => {
  it('pins and unpins, taking the timeline the event carries', () => {
    const v = view();
    const pins = [{ productId: 'p1', fromSeconds: 4, toSeconds: null }];
    expect(applyLiveEvent(v, { type: 'pin', pinned: 'p1', pins })).toBe('pin');
    expect(v.pinned).toBe('p1');
    expect(v.pins).toEqual(pins);
    const closed = [{ productId: 'p1', fromSeconds: 4, toSeconds: 9 }];
    expect(applyLiveEvent(v, { type: 'pin', pinned: null, pins: closed })).toBe('pin');
    expect(v.pinned).toBeNull();
    expect(v.pins).toEqual(closed);
  });

  it('adds a chat message once, keeping the last CHAT_HISTORY', () => {
    const v = view({ chat: Array.from({ length: CHAT_HISTORY }, (_, i) => message(`m${i}`)) });
    expect(applyLiveEvent(v, { type: 'chat', message: message('new') })).toBe('chat');
    expect(v.chat).toHaveLength(CHAT_HISTORY);
    expect(v.chat.at(-1)?.id).toBe('new');
    expect(v.chat[0]?.id).toBe('m1');
    // The same message again (the viewer's own, already shown from the post's answer).
    expect(applyLiveEvent(v, { type: 'chat', message: message('new') })).toBeNull();
    expect(v.chat.filter((m) => m.id === 'new')).toHaveLength(1);
    expect(addOwnMessage(v, message('new'))).toBe(false);
  });

  it('removes a hidden message, and ignores one it does not hold', () => {
    const v = view();
    expect(applyLiveEvent(v, { type: 'chat-hidden', id: 'm1' })).toBe('chat');
    expect(v.chat.map((m) => m.id)).toEqual(['m2']);
    expect(applyLiveEvent(v, { type: 'chat-hidden', id: 'nope' })).toBeNull();
  });

  it('takes the viewer count', () => {
    const v = view();
    expect(applyLiveEvent(v, { type: 'viewers', count: 41 })).toBe('viewers');
    expect(v.viewers).toBe(41);
  });

  it('ends the show: its replay media, nothing pinned any more', () => {
    const v = view({ pinned: 'p1' });
    const change = applyLiveEvent(v, {
      type: 'status',
      status: 'ended',
      hls: 'https://media.example/replay.m3u8',
      mp4: 'https://media.example/replay.mp4',
    });
    expect(change).toBe('status');
    expect(v).toMatchObject({
      status: 'ended',
      hls: 'https://media.example/replay.m3u8',
      mp4: 'https://media.example/replay.mp4',
      pinned: null,
    });
  });

  it('ignores what is not one of the schema’s events, changing nothing', () => {
    const v = view({ pinned: 'p1' });
    const before = structuredClone(v);
    for (const bad of [
      null,
      'pin',
      { type: 'pin', pinned: 'p2' },
      { type: 'viewers', count: -1 },
      { type: 'viewers', count: 'many' },
      { type: 'chat', message: { id: 'x', text: '<img src=x onerror=alert(1)>' } },
      { type: 'status', status: 'exploded', hls: null, mp4: null },
      { type: 'status', status: 'ended', hls: 'javascript:alert(1)', mp4: null },
      { type: 'reload' },
    ]) {
      expect(applyLiveEvent(v, bad)).toBeNull();
    }
    expect(v).toEqual(before);
  });
});

describe('the replay’s timeline', () => {
  const pins = [
    { productId: 'p1', fromSeconds: 2, toSeconds: 9 },
    { productId: 'p2', fromSeconds: 11, toSeconds: 18 },
    { productId: 'p3', fromSeconds: 19, toSeconds: null },
  ];
  it('follows the playhead: the pin covering the second, none between pins', () => {
    expect(pinnedAt(pins, 0)).toBeNull();
    expect(pinnedAt(pins, 2)).toBe('p1');
    expect(pinnedAt(pins, 8.9)).toBe('p1');
    expect(pinnedAt(pins, 9)).toBeNull();
    expect(pinnedAt(pins, 12)).toBe('p2');
    expect(pinnedAt(pins, 500)).toBe('p3');
  });
  it('writes times as the player shows them', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(83.9)).toBe('1:23');
    expect(clock(3725)).toBe('1:02:05');
  });
});
