/** The UK shopper's address the scripted purchase and the bench use (the storefront page keeps its own copy: it is plain browser JS). */
export const SAMPLE_ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "12 St James's Square",
  city: "London",
  postal_code: "SW1Y 4JH",
  country_code: "gb",
  phone: "+44 20 7946 0958",
}
