export const FIRST_NAMES: readonly string[] = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Christopher", "Karen",
  "Charles", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret",
  "Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua", "Michelle",
  "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "Timothy", "Deborah", "Ronald", "Stephanie",
  "Jason", "Rebecca", "Jeffrey", "Laura", "Ryan", "Sharon", "Jacob", "Cynthia", "Gary", "Kathleen",
  "Nicholas", "Amy", "Eric", "Angela", "Jonathan", "Shirley", "Stephen", "Brenda", "Larry", "Emma",
  "Justin", "Anna", "Scott", "Pamela", "Brandon", "Nicole", "Benjamin", "Samantha", "Samuel", "Katherine",
  "Gregory", "Christine", "Alexander", "Debra", "Patrick", "Rachel", "Frank", "Carolyn", "Raymond", "Janet",
  "Jose", "Maria", "Luis", "Ana", "Carlos", "Rosa", "Juan", "Carmen", "Miguel", "Lucia",
  "DeShawn", "Keisha", "Marcus", "Tamika", "Andre", "Latoya", "Tyrone", "Jasmine", "Darnell", "Aaliyah",
  "Wei", "Mei", "Hiroshi", "Yuki", "Raj", "Priya", "Minh", "Linh", "Omar", "Fatima",
];

export const LAST_NAMES: readonly string[] = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
  "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
  "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
  "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
  "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
  "O'Brien", "O'Connor", "McDonald", "McAllister", "Schneider", "Kowalski", "Novak", "Fischer", "Weber", "Becker",
  "Chen", "Wang", "Singh", "Shah", "Tran", "Pham", "Yamamoto", "Nakamura", "Haddad", "Khan",
];

/** Nicknames people put in quotes in a ship-to name, e.g. Robert "Bob" Smith. */
export const NICKNAMES: Readonly<Record<string, string>> = {
  Robert: "Bob",
  William: "Bill",
  Richard: "Rick",
  James: "Jim",
  Elizabeth: "Liz",
  Katherine: "Kate",
  Margaret: "Peggy",
  Anthony: "Tony",
  Joseph: "Joe",
  Patricia: "Trish",
};
