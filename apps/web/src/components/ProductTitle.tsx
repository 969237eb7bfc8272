import { appConfig, productTitle } from '../lib/config';

/**
 * The product title with its one line-break opportunity after {城市}总工会; with the
 * `title-words` class (global.css: keep-all) a narrow screen never breaks it mid-word.
 */
export function ProductTitle() {
  const cut = appConfig.cityName.length + 3;
  return (
    <>
      {productTitle.slice(0, cut)}
      <wbr />
      {productTitle.slice(cut)}
    </>
  );
}
