import { describe, expect, it } from 'vitest';
import { isoDuration, videoJsonLdText, videoObject } from './video-object';

const clip = {
  name: 'Summer drop',
  description: 'Shop the summer drop.',
  uploadDate: '2026-05-01T10:00:00.000Z',
  contentUrl: 'https://cdn.example/a.mp4',
  thumbnailUrl: 'https://cdn.example/a.jpg',
  durationSeconds: 65.4,
};

describe('VideoObject', () => {
  it('describes a clip with its thumbnail, duration and views', () => {
    expect(videoObject({ ...clip, views: 3 })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Summer drop',
      description: 'Shop the summer drop.',
      uploadDate: '2026-05-01T10:00:00.000Z',
      contentUrl: 'https://cdn.example/a.mp4',
      thumbnailUrl: ['https://cdn.example/a.jpg'],
      duration: 'PT1M5S',
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: 3,
      },
    });
  });

  it('leaves out what the clip does not have', () => {
    const bare = videoObject({ ...clip, contentUrl: null, thumbnailUrl: null, durationSeconds: 0 });
    expect(Object.keys(bare)).toEqual(['@context', '@type', 'name', 'description', 'uploadDate']);
  });

  it('makes a watch page the video’s page, with its publisher, transcript and products', () => {
    const video = videoObject({
      ...clip,
      page: { url: 'https://x.example/s/abc', publisher: 'Shop A' },
      transcript: 'Hello.',
      products: [
        { name: 'Hat', url: 'https://a.example/hat', image: null, price: '9.00', currency: 'USD' },
      ],
    });
    expect(video).toMatchObject({
      embedUrl: 'https://x.example/s/abc',
      url: 'https://x.example/s/abc',
      publisher: { '@type': 'Organization', name: 'Shop A' },
      transcript: 'Hello.',
      mentions: [
        {
          '@type': 'Product',
          name: 'Hat',
          url: 'https://a.example/hat',
          offers: {
            '@type': 'Offer',
            price: '9.00',
            priceCurrency: 'USD',
            url: 'https://a.example/hat',
          },
        },
      ],
    });
    expect((video.mentions as object[])[0]).not.toHaveProperty('image');
  });

  it('escapes < so a title cannot close the script element', () => {
    const text = videoJsonLdText({ ...clip, name: '</script><b>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><b>');
  });
});

describe('isoDuration', () => {
  it('writes minutes and seconds', () => {
    expect(isoDuration(12)).toBe('PT12S');
    expect(isoDuration(60)).toBe('PT1M');
    expect(isoDuration(65.4)).toBe('PT1M5S');
    expect(isoDuration(0.2)).toBe('PT1S');
  });
});
