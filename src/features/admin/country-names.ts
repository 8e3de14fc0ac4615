/**
 * The staff app's country names: all three languages at once (a staff member's forms show them
 * straight away, also when rendered on the server), where the visitor pages load one language on
 * demand (src/lib/countries.ts, ADR 040).
 */
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' }
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' }
import { registerCountryNames, type CountryNamesFile } from '~/lib/countries'

registerCountryNames('de', de as CountryNamesFile)
registerCountryNames('en', en as CountryNamesFile)
registerCountryNames('fr', fr as CountryNamesFile)

export { countryOptions } from '~/lib/countries'
