import { getAppConfig } from '@/shared/config';
import { PageMeta } from '@/shared/ui/page-meta';
import { NeedForm } from './need-form';
import './needs.css';

/** /needs/create-needs: open to visitors too; posting asks them to log in (spec §2, §8). */
export function CreateNeedPage() {
  return (
    <div className="page needs-page">
      <PageMeta title={`Create a Need | ${getAppConfig().brandName}`} description="Ask travellers for help, or offer yours." />
      <h1 className="page-title">Create a Need</h1>
      <NeedForm />
    </div>
  );
}
