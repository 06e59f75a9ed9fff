import { MOBILE_IMAGE_TYPES } from '@popstage/core/mobile';
import { DropZone, Spinner, Thumbnail } from '@shopify/polaris';
import { useState } from 'react';
import { TitledCard } from '../../../lib/ui/TitledCard';
import { type ImageSize, imageProblem, imageRejectedMessage } from '../setup/image-check';

/**
 * The header logo's exact size, when one is required (spec 03 §5: "if a dimension check is on").
 * The spec names no size for the header logo, so the check is off: any gif, jpg or png goes.
 */
export const HEADER_LOGO_SIZE: ImageSize | null = null;

interface Props {
  url: string | null;
  /** The exact size the logo must have; null checks only that it is an image. */
  size: ImageSize | null;
  /** A picked file that passed the checks, to upload; answers when the upload is done. */
  onFile(file: File): Promise<void>;
  /** Why a picked or dropped file was refused (shown as a toast). */
  onProblem(message: string): void;
}

/** The Appearance tab's header logo: an image (and, with a size, exactly that size). */
export function HeaderLogoCard({ url, size, onFile, onProblem }: Props) {
  const [uploading, setUploading] = useState(false);
  const label = size ? `Header logo (${size.width}x${size.height})` : 'Header logo';

  const accept = async (file: File | undefined) => {
    if (!file) return;
    const problem = await imageProblem(file, size);
    if (problem) {
      onProblem(problem);
      return;
    }
    setUploading(true);
    try {
      await onFile(file);
    } finally {
      setUploading(false);
    }
  };

  return (
    <TitledCard title="Header logo">
      <DropZone
        label={label}
        // The card's heading says it already; the label stays for assistive technology.
        labelHidden={!size}
        accept={MOBILE_IMAGE_TYPES.join(',')}
        type="image"
        allowMultiple={false}
        disabled={uploading}
        onDropAccepted={(files) => void accept(files[0])}
        onDropRejected={() => onProblem(imageRejectedMessage(size))}
      >
        {uploading ? (
          <div style={{ padding: 8, display: 'flex', justifyContent: 'center' }}>
            <Spinner size="small" accessibilityLabel="Uploading the header logo" />
          </div>
        ) : url ? (
          <div style={{ padding: 8, display: 'flex', justifyContent: 'center' }}>
            <Thumbnail source={url} alt="Header logo" size="large" />
          </div>
        ) : (
          <DropZone.FileUpload actionHint="gif, jpg or png" />
        )}
      </DropZone>
    </TitledCard>
  );
}
