import { WorkflowTypesTable } from '../components/workflow-types-table.tsx';

/** /sceneManagement/sceneWorkflowType: the same catalogue as the knowledge base's workflow types. */
export default function SceneWorkflowTypePage() {
  return <WorkflowTypesTable routeName="sceneWorkflowType" />;
}
