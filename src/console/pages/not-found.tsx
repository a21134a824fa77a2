import { href } from '../router.js';
import { Empty, PageTitle } from '../ui.js';

export function NotFound() {
  return (
    <div class="page">
      <PageTitle>Page not found</PageTitle>
      <Empty title="The console has no page at this address.">
        <a href={href(['projects'])}>Go to your projects</a>
      </Empty>
    </div>
  );
}
