import '../lib/page-texts';
import { Mic, Square, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { QUESTION_LIMITS } from '../../shared/limits';
import { Button } from './ui/button';
import { toast } from '../lib/toast';
import { useTranslation } from '../lib/i18n';

const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** Records up to two minutes from the microphone; the recording is handed to the form to upload. */
export function VoiceRecorder({
  value,
  onChange,
}: {
  value: Blob | null;
  onChange: (blob: Blob | null) => void;
}) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState<number | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const previewUrl = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  useEffect(
    () => () => {
      clearInterval(timer.current);
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const stop = () => {
    clearInterval(timer.current);
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const start = async () => {
    try {
      if (typeof MediaRecorder === 'undefined') throw new Error('MediaRecorder is not supported');
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const media = new MediaRecorder(
        stream,
        mimeType ? { mimeType, audioBitsPerSecond: 64_000 } : undefined,
      );
      const chunks: Blob[] = [];
      media.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
      media.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        setSeconds(null);
        const blob = new Blob(chunks, { type: media.mimeType.split(';')[0] || 'audio/webm' });
        onChange(blob.size > 0 && blob.size <= QUESTION_LIMITS.voiceNoteMaxBytes ? blob : null);
      };
      recorder.current = media;
      media.start(1000);
      setSeconds(0);
      const startedAt = Date.now();
      timer.current = setInterval(() => {
        const elapsed = Math.floor((Date.now() - startedAt) / 1000);
        setSeconds(elapsed);
        if (elapsed >= QUESTION_LIMITS.voiceNoteMaxSeconds) stop();
      }, 250);
    } catch {
      toast({ title: t('ask.recordFailed'), description: t('ask.recordFailedText'), variant: 'destructive' });
    }
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t('ask.voiceTitle')}</legend>
      {seconds !== null ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="danger" size="sm" onClick={stop}>
            <Square aria-hidden="true" className="h-4 w-4" />
            {t('ask.stop')}
          </Button>
          <span role="status" className="text-sm text-slate-700">
            {t('ask.recording', { seconds, max: QUESTION_LIMITS.voiceNoteMaxSeconds })}
          </span>
        </div>
      ) : value && previewUrl ? (
        <div className="flex flex-wrap items-center gap-2">
          <audio controls src={previewUrl} className="h-10 max-w-full" />
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('ask.removeRecording')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void start()}>
          <Mic aria-hidden="true" className="h-4 w-4" />
          {t('ask.record')}
        </Button>
      )}
    </fieldset>
  );
}
