import { FormPage } from '@/shared/ui/form-page';
import { NeedForm } from './need-form';
import './needs.css';

/** /needs/create-needs: open to visitors too; posting asks them to log in (spec §2, §8). */
export function CreateNeedPage() {
  return (
    <FormPage title="Create a Need" description="Ask travellers for help, or offer yours.">
      <NeedForm />
    </FormPage>
  );
}
