import { MyCardMarkup } from './public-pages/my-card/MyCardMarkup';
import { start } from './public-pages/my-card/my-card';
import { publicPage } from './public-pages/PublicPage';

export { remoteMeta } from '../shared/remoteMeta';
export default publicPage(MyCardMarkup, start);
