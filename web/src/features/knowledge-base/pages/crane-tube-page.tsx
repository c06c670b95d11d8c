import { KnowledgeArticlePage } from '../components/knowledge-article-page.tsx';

/** /knowledgeBase/applicationSpecific/fillAlignment/craneTube: the crane tube alignment article. */
export default function CraneTubePage() {
  return <KnowledgeArticlePage code="craneTube" />;
}
