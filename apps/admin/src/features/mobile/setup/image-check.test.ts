import { afterEach, describe, expect, it } from 'vitest';
import { pickedFile, stubImageDecoding } from '../../../test/image-decoding';
import { IMAGE_TYPE_MESSAGE, imageProblem, imageRejectedMessage } from './image-check';

let restore = () => {};
afterEach(() => restore());

const ICON = { width: 1536, height: 1536 };
const LAUNCH = { width: 1000, height: 1600 };

describe('imageProblem with a size (app icon, launch screen: spec 03 §5)', () => {
  it('accepts a gif, jpg or png of exactly that size', async () => {
    restore = stubImageDecoding(ICON);
    for (const type of ['image/gif', 'image/jpeg', 'image/png']) {
      expect(await imageProblem(pickedFile('icon', type), ICON)).toBeNull();
    }
  });

  it('refuses another size with “Selected image must be WxH”', async () => {
    restore = stubImageDecoding({ width: 1536, height: 1535 });
    expect(await imageProblem(pickedFile('icon.png', 'image/png'), ICON)).toBe(
      'Selected image must be 1536x1536',
    );
    restore();
    restore = stubImageDecoding({ width: 1600, height: 1000 });
    expect(await imageProblem(pickedFile('launch.png', 'image/png'), LAUNCH)).toBe(
      'Selected image must be 1000x1600',
    );
  });

  it('refuses another type, or a file that does not decode, with the same message', async () => {
    restore = stubImageDecoding(ICON);
    expect(await imageProblem(pickedFile('icon.webp', 'image/webp'), ICON)).toBe(
      'Selected image must be 1536x1536',
    );
    restore();
    restore = stubImageDecoding('broken');
    expect(await imageProblem(pickedFile('icon.png', 'image/png'), ICON)).toBe(
      'Selected image must be 1536x1536',
    );
  });
});

describe('imageProblem without a size (header logo: any image)', () => {
  it('accepts an image of any size', async () => {
    restore = stubImageDecoding({ width: 37, height: 911 });
    expect(await imageProblem(pickedFile('logo.jpg', 'image/jpeg'), null)).toBeNull();
  });

  it('refuses what is not a gif, jpg or png image', async () => {
    restore = stubImageDecoding({ width: 100, height: 100 });
    expect(await imageProblem(pickedFile('logo.svg', 'image/svg+xml'), null)).toBe(
      IMAGE_TYPE_MESSAGE,
    );
    restore();
    restore = stubImageDecoding('broken');
    expect(await imageProblem(pickedFile('logo.png', 'image/png'), null)).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('names the size on a refused drop when there is one', () => {
    expect(imageRejectedMessage({ width: 600, height: 200 })).toBe(
      'Selected image must be 600x200',
    );
    expect(imageRejectedMessage(null)).toBe('Selected file must be a gif, jpg or png image');
  });
});
