import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickedFile, stubImageDecoding } from '../../../test/image-decoding';
import { HEADER_LOGO_SIZE, HeaderLogoCard } from './HeaderLogoCard';

let restore = () => {};
afterEach(() => restore());

function renderCard(size: { width: number; height: number } | null) {
  const onFile = vi.fn(async (_file: File) => {});
  const onProblem = vi.fn((_message: string) => {});
  render(
    <AppProvider i18n={en}>
      <HeaderLogoCard url={null} size={size} onFile={onFile} onProblem={onProblem} />
    </AppProvider>,
  );
  // The drop zone's file input, named by the label (with the size when there is one).
  const input = screen.getByLabelText(
    size ? `Header logo (${size.width}x${size.height})` : 'Header logo',
  );
  const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { onFile, onProblem, pick };
}

describe('HeaderLogoCard (spec 03 §5: an image; exact size when a dimension check is on)', () => {
  it('has no size to match: the spec names none for the header logo', () => {
    expect(HEADER_LOGO_SIZE).toBeNull();
  });

  it('without a size: uploads any gif, jpg or png that decodes', async () => {
    restore = stubImageDecoding({ width: 480, height: 90 });
    const { onFile, onProblem, pick } = renderCard(null);
    const file = pickedFile('logo.png', 'image/png');
    pick(file);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(file));
    expect(onProblem).not.toHaveBeenCalled();
  });

  it('without a size: a dropped file that is not an image is refused, and says why', async () => {
    restore = stubImageDecoding({ width: 480, height: 90 });
    const { onFile, onProblem, pick } = renderCard(null);
    pick(pickedFile('logo.pdf', 'application/pdf'));
    await waitFor(() =>
      expect(onProblem).toHaveBeenCalledWith('Selected file must be a gif, jpg or png image'),
    );
    expect(onFile).not.toHaveBeenCalled();
  });

  it('with a size: “Selected image must be WxH” for another size, or another type', async () => {
    restore = stubImageDecoding({ width: 500, height: 200 });
    const { onFile, onProblem, pick } = renderCard({ width: 600, height: 200 });
    pick(pickedFile('logo.png', 'image/png'));
    await waitFor(() => expect(onProblem).toHaveBeenCalledWith('Selected image must be 600x200'));
    pick(pickedFile('logo.pdf', 'application/pdf'));
    await waitFor(() => expect(onProblem).toHaveBeenCalledTimes(2));
    expect(onProblem).toHaveBeenLastCalledWith('Selected image must be 600x200');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('with a size: uploads an image of exactly that size', async () => {
    restore = stubImageDecoding({ width: 600, height: 200 });
    const { onFile, onProblem, pick } = renderCard({ width: 600, height: 200 });
    const file = pickedFile('logo.gif', 'image/gif');
    pick(file);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(file));
    expect(onProblem).not.toHaveBeenCalled();
  });
});
