namespace Onav
{
    /// A layout version this library does not read.
    public sealed class NavMeshVersionException : NavMeshFormatException
    {
        public NavMeshVersionException(string message, int found, int expected) : base(message)
        {
            Found = found;
            Expected = expected;
        }

        /// The version found in the bytes.
        public int Found { get; private set; }

        /// The version this library reads.
        public int Expected { get; private set; }
    }
}
