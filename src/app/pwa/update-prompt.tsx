import { useState } from 'react';
import { useUpdateOffer } from './update-offer';
import './pwa.css';

/** "A new version is available: Reload", while a new version waits (src/app/pwa/register-service-worker.ts). */
export function UpdatePrompt() {
  const apply = useUpdateOffer();
  const [applying, setApplying] = useState(false);
  if (!apply) return null;
  return (
    <div className="update-prompt" role="status">
      A new version is available:{' '}
      <button
        type="button"
        className="update-prompt__reload"
        disabled={applying}
        onClick={() => {
          setApplying(true);
          apply();
        }}
      >
        Reload
      </button>
    </div>
  );
}
