import { POPCLIP_LABELS, type Popclip } from '@popstage/core/popclips';
import { Banner, BlockStack, Card, Text } from '@shopify/polaris';
import { DeviceSource } from '../form/DeviceSource';
import type { ClipForm } from '../form/use-clip-form';

interface Props {
  clip: Popclip;
  form: ClipForm;
  /** 0..1 while the new video is being PUT, else null. */
  progress: number | null;
  disabled: boolean;
}

/** Why the clip has no playable video, and the picker for a new one (saved with the form). */
function statusNote(clip: Popclip): { tone: 'critical' | 'warning'; title: string; text: string } {
  if (clip.status === 'failed') {
    return {
      tone: 'critical',
      title: 'Processing failed',
      text: clip.failureReason ?? 'The video could not be processed.',
    };
  }
  if (clip.status === 'interrupted') {
    return {
      tone: 'warning',
      title: POPCLIP_LABELS.uploadInterrupted,
      text: 'The video did not finish uploading. Choose it again and save to retry; otherwise this Popclip is deleted a day after the upload stopped.',
    };
  }
  return {
    tone: 'warning',
    title: 'Upload not finished',
    text: 'The video has not finished uploading. Choose it again and save to retry.',
  };
}

export function ReuploadCard({ clip, form, progress, disabled }: Props) {
  const note = statusNote(clip);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          Video
        </Text>
        <Banner tone={note.tone} title={note.title}>
          <p>{note.text}</p>
        </Banner>
        <DeviceSource
          video={form.values.video}
          error={form.errors.video}
          progress={progress}
          disabled={disabled}
          onPick={(file) => void form.pickVideo(file)}
        />
      </BlockStack>
    </Card>
  );
}
