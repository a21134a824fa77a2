import { memberProjects } from '../projects-cache.js';
import type { ProjectSummary } from '../types.js';
import { href } from '../router.js';
import { Empty, ErrorNote, Loading, PageTitle, useAsync } from '../ui.js';
import { DocumentsTab } from './documents.js';
import { AnalysisTab } from './analysis.js';
import { ExploreTab, InsightRedirect } from './explore.js';
import { AgreementTab } from './agreement.js';
import { CodebookTab } from './codebook.js';
import { MatrixTab } from './matrix.js';
import { ReaderView } from './reader.js';
import { SearchTab } from './search.js';
import { AnnotationsTab } from './annotations.js';
import { MetadataTab } from './metadata.js';
import { KeysTab } from './keys.js';

/** What every tab of a project is handed: the project, and whether the user may change it. */
export interface ProjectProps {
  project: ProjectSummary;
  /** Owner and admin write; member and viewer read. */
  canWrite: boolean;
  query: URLSearchParams;
}

const TABS = [
  ['documents', 'Documents'],
  ['analysis', 'Analysis'],
  ['explore', 'Explore'],
  ['codebook', 'Codebook'],
  ['agreement', 'Agreement'],
  ['matrix', 'Matrix'],
  ['search', 'Search'],
  ['notes', 'Tags, notes & memos'],
  ['metadata', 'Metadata'],
  ['keys', 'Keys'],
] as const;

export function ProjectPage({ projectId, parts, query }: { projectId: string; parts: string[]; query: URLSearchParams }) {
  const projects = useAsync(() => memberProjects(), []);
  if (projects.error) return <ErrorNote error={projects.error} onRetry={projects.reload} />;
  if (!projects.data) return <Loading />;
  const project = projects.data.find((p) => p.shortId === projectId || p.id === projectId);
  if (!project) {
    return (
      <div class="page">
        <PageTitle>Project not found</PageTitle>
        <Empty title={`You are not a member of a project ${projectId}.`}>
          <a href={href(['projects'])}>Back to your projects</a>
        </Empty>
      </div>
    );
  }
  const [tab = 'documents', sub] = parts;
  const props: ProjectProps = { project, canWrite: project.role === 'owner' || project.role === 'admin', query };
  return (
    <div class="page">
      <p class="breadcrumb">
        <a href={href(['projects'])}>Projects</a> <span aria-hidden="true">›</span> {project.name}
      </p>
      <nav aria-label="Project" class="tabs">
        <ul class="nav-list tab-list">
          {TABS.map(([id, label]) => (
            <li key={id}>
              <a
                class="tab-link"
                href={href(['p', project.shortId, id])}
                aria-current={tab === id || ((tab === 'read' || tab === 'insight') && id === 'explore') ? 'page' : undefined}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {!props.canWrite && (
        <p class="notice">
          Your role on this project is <strong>{project.role}</strong>: you can read everything here; uploading, confirming, analysing and editing need owner or
          admin.
        </p>
      )}
      <ProjectTab tab={tab} sub={sub} props={props} />
    </div>
  );
}

function ProjectTab({ tab, sub, props }: { tab: string; sub: string | undefined; props: ProjectProps }) {
  switch (tab) {
    case 'documents':
      return <DocumentsTab {...props} />;
    case 'analysis':
      return <AnalysisTab {...props} />;
    case 'explore':
      return <ExploreTab {...props} />;
    case 'insight':
      return sub ? <InsightRedirect projectId={props.project.shortId} insightId={sub} /> : <ExploreTab {...props} />;
    case 'read':
      return sub ? <ReaderView {...props} documentId={sub} /> : <ExploreTab {...props} />;
    case 'codebook':
      return <CodebookTab {...props} />;
    case 'agreement':
      return <AgreementTab {...props} />;
    case 'matrix':
      return <MatrixTab {...props} />;
    case 'search':
      return <SearchTab {...props} />;
    case 'notes':
      return <AnnotationsTab {...props} />;
    case 'metadata':
      return <MetadataTab {...props} />;
    case 'keys':
      return <KeysTab {...props} />;
    default:
      return <Empty title={`This project has no page "${tab}".`} />;
  }
}
