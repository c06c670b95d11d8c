import { WorkflowTypesTable } from '../components/workflow-types-table.tsx';

/** /knowledgeBase/workflowType */
export default function WorkflowTypePage() {
  return <WorkflowTypesTable routeName="workflowType" />;
}
