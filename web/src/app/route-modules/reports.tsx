import { useParams } from 'react-router';
import { canSeeReports, findReport, MESSAGES } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ReportPage } from '../../features/reports/report-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

// requirements §13.2: /reports/{reportId}, Administrator only; an id that is none of the five reports is
// the shell's 'No match found for path'.
export function Component() {
  const { reportId = '' } = useParams();
  const user = useSignedInUser();
  const report = findReport(reportId);
  if (!report) return <>{MESSAGES.noMatchForPath}</>;
  return (
    <RequireRole allowed={canSeeReports(user)}>
      <ReportPage key={report.id} reportId={report.id} title={report.label} />
    </RequireRole>
  );
}
