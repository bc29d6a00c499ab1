import { LoginMarkup } from './public-pages/login/LoginMarkup';
import { start } from './public-pages/login/login';
import { publicPage } from './public-pages/PublicPage';

export { remoteMeta } from '../shared/remoteMeta';
export default publicPage(LoginMarkup, (root) => start(root));
