import { DefinitionsList } from '../components/definitions-list.tsx';

/** /systemSettings/plantDataReport: a plant's periodic per-area report on the same machinery (issue 16 §5). */
export default function PlantDataReportPage() {
  return <DefinitionsList plant />;
}
