import { Flex } from 'antd';
import { CoverageCard } from '../components/coverage-card.tsx';
import { RetentionCard } from '../components/retention-card.tsx';

/** /systemSettings/scope: how long data is kept (with the next run's preview) and what the installation covers. */
export default function ScopePage() {
  return (
    <Flex vertical gap={16} data-testid="scope-page">
      <RetentionCard />
      <CoverageCard />
    </Flex>
  );
}
