import { SignupMarkup } from './public-pages/signup/SignupMarkup';
import { start } from './public-pages/signup/signup';
import { publicPage } from './public-pages/PublicPage';

export { remoteMeta } from '../shared/remoteMeta';
export default publicPage(SignupMarkup, (root) => start(root));
