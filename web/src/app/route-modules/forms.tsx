import { useParams } from 'react-router';
import { canManageForms, CUSTOMER_PORTAL_KAPP } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { FormDefinitionEditPage, FormDefinitionsPage } from '../../features/forms/definition-pages.tsx';
import { FormCatalogPage, FormSubmitPage, SubmissionPage, SubmissionsPage } from '../../features/forms/form-pages.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

// The form-engine screens (requirements §14.1), one chunk; SurveyJS is loaded by the pages that show a form.

const useKapp = () => useParams().kappSlug ?? CUSTOMER_PORTAL_KAPP;

export function FormCatalog() {
  return <FormCatalogPage kapp={useKapp()} user={useSignedInUser()} />;
}

export function FormSubmit() {
  const { formSlug = '' } = useParams();
  return <FormSubmitPage key={formSlug} kapp={useKapp()} formSlug={formSlug} />;
}

export function FormSubmissions() {
  const { formSlug = '' } = useParams();
  return <SubmissionsPage kapp={useKapp()} formSlug={formSlug} timeZone={useSignedInUser().timeZone} />;
}

export function FormSubmission() {
  const { formSlug = '', id = '' } = useParams();
  return <SubmissionPage key={id} kapp={useKapp()} formSlug={formSlug} id={id} timeZone={useSignedInUser().timeZone} />;
}

export function FormDefinitions() {
  const user = useSignedInUser();
  return (
    <RequireRole allowed={canManageForms(user)}>
      <FormDefinitionsPage kapp={useKapp()} timeZone={user.timeZone} />
    </RequireRole>
  );
}

export function FormDefinitionEdit() {
  const user = useSignedInUser();
  const { formSlug = '' } = useParams();
  return (
    <RequireRole allowed={canManageForms(user)}>
      <FormDefinitionEditPage key={formSlug} kapp={useKapp()} formSlug={formSlug} />
    </RequireRole>
  );
}
