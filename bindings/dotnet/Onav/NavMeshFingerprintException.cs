namespace Onav
{
    /// A tile built with other parameters or settings than the mesh's (the
    /// build fingerprints differ).
    public sealed class NavMeshFingerprintException : NavMeshFormatException
    {
        public NavMeshFingerprintException(string message) : base(message) { }
    }
}
