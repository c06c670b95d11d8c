import { DefinitionsList } from '../components/definitions-list.tsx';

/** /systemSettings/reportSending: report definitions, preview, send now (issue 16 §1). */
export default function ReportSendingPage() {
  return <DefinitionsList plant={false} />;
}
